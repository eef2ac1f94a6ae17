"""`python -m tuicamp` runs the command line."""

import sys

from tuicamp.cli import main

sys.exit(main())
