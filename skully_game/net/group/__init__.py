"""A group of `skully serve` processes sharing one Redis server (issue 44): the room directory
(which process holds which room, open rooms, seat reservations), presence, each room's record
written through as its moves are applied, and the takeover of a dead process's rooms from those
records. Rooms still live each in one process; Redis is only their shared memory. No pygame."""
