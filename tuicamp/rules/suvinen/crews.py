"""War machine crews (§4.2.1, R-SU-16).

"Use the casualty table for any broken/blown-up/destroyed warmachines (it still might be
possible to do a quick repair). Note: You may crew warmachines with troops who have same
profile as the original crew. 'Extra' crewmen (from destroyed warmachines) may hang around
in a unit, they take no part in combats, put they can replace killed crew-members."
Example 2: "The Imperial players remove two spearmen in the same corps from their roster,
and from now on they act as crew-members for the Great Cannon."

A destroyed war machine rolls on the casualty table like a killed model (``battles``). Its
crew are not counted on the roster, so making up killed crew is the player's act: models of
a regiment in the same corps leave their unit to serve the machine. The roster knows of a
profile what tuicamp keeps of a unit, its race, M and Ld, and a war machine's are its
crew's: the regiment must match them (R-SU-34).
"""

from __future__ import annotations

from attrs import define

from tuicamp.rules import api

# R-SU-34: crew come from the rank and file on foot; characters, war machines, monsters and
# cavalry have no crew's profile
CREW_CATEGORIES = frozenset({api.Category.RANK_AND_FILE})


@define(kw_only=True)
class CrewMachine(api.Action):
    kind = "crew_machine"
    summary = (
        "Make up a war machine's killed crew from a regiment of the same corps (army, "
        "machine = the war machine's unit, from_unit = the regiment, models = how many)"
    )
    army: str
    machine: str
    from_unit: str
    models: int = 1

    def apply(self, ctx: api.Context) -> None:
        army = ctx.own_army(self.army)
        machine = ctx.unit(army, self.machine)
        donor = ctx.unit(army, self.from_unit)
        ctx.require(
            machine.category is api.Category.WAR_MACHINE,
            f"{machine.name} is no war machine: only war machines take crew",
        )
        ctx.require(
            donor.category in CREW_CATEGORIES,
            f"{donor.name} is no regiment on foot: crew come from the corps' rank and file "
            "(R-SU-34)",
        )
        owner = ctx.campaign.player(army.owner)
        differs = [
            f"{what} {mine} against the crew's {theirs}"
            for what, mine, theirs in (
                ("race", api.unit_race(donor, owner), api.unit_race(machine, owner)),
                ("M", donor.movement, machine.movement),
                ("Ld", donor.leadership, machine.leadership),
            )
            if mine != theirs
        ]
        ctx.require(
            not differs,
            f"{donor.name} does not have the profile of the {machine.name}'s crew "
            f'({"; ".join(differs)}): "You may crew warmachines with troops who have same '
            'profile as the original crew" (R-SU-16, R-SU-34)',
        )
        ctx.require(self.models >= 1, "Say how many models become crew (models = 1 or more)")
        ctx.require(
            self.models < donor.models,
            f"{donor.name} has {donor.models} models: it can give at most {donor.models - 1}",
        )
        per_model = donor.points / donor.models if donor.models else 0
        donor.models -= self.models
        donor.points = round(per_model * donor.models)
        one = self.models == 1
        ctx.emit(
            "crew",
            f"{api.words.model_count(self.models)} of {donor.name} ('{army.name}') "
            f"{'leaves' if one else 'leave'} the roster and from now on "
            f"{'crews' if one else 'crew'} the {machine.name} (R-SU-16, R-SU-34)",
            player=army.owner,
            army=army.id,
        )


def perform(ctx: api.Context, action: CrewMachine) -> None:
    """The crew action carries its own rule (its ``apply``)."""
    action.apply(ctx)


ACTIONS = (CrewMachine,)
HANDLERS = {kind: perform for kind in ACTIONS}
