"""What one seat may know of a Rauscher campaign (``Ruleset.view_state``) and its status
lines (``Ruleset.status_lines``).

- :mod:`view.records`: the frozen records a seat's view is made of;
- :mod:`view.project`: the projection of the campaign for one seat, the one place the
  ruleset's secrets are filtered (sealed siege orders and ransom notes each read in one
  function of it);
- :mod:`view.status`: the status lines, drawn from the projection alone.

It sits above the phase packages, whose figures it reads, and below the frame, whose
hooks hand it over; the screens read it and nothing of the raw campaign.
"""

from tuicamp.rules.rauscher.view.project import rauscher_view
from tuicamp.rules.rauscher.view.records import RauscherView
from tuicamp.rules.rauscher.view.status import rauscher_status

__all__ = ["RauscherView", "rauscher_status", "rauscher_view"]
