"""The Textual user interface: app, screens and widgets."""
