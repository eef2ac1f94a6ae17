"""The bundled scenario files (``*.toml``), shipped as package data so they are found the
same way from a checkout and from an installed wheel (see tuicamp.storage.scenario)."""
