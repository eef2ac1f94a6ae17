"""Editing a scenario: plain functions on the scenario model (terrain, hexside features,
territories, settlements), their undo, and the scenario written back as TOML.

The editor screen calls these and nothing else to change a scenario, so every edit is
tested without a terminal, and the generator writes its maps with the same writer.
"""

from tuicamp.game.mapedit.writer import ScenarioText, scenario_text

__all__ = ["ScenarioText", "scenario_text"]
