"""tuicamp's screens, one module each."""
