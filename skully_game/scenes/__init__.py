"""The screens of the program: menu, settings, Skully practice and game, table games."""
