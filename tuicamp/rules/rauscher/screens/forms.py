"""The Rauscher forms: the Upkeep purchase sheet and the sealed siege orders.

Each form builds one action and dismisses with it (None when cancelled); the caller sends
it through the campaign screen's ``perform``. Before anything is sent the purchase sheet
asks the engine on a throwaway copy of the campaign what the purchase would cost (and
whether it would be refused), through the UI kit's ``what_if``, so the price a player
confirms is the engine's own, never a second reckoning that could drift from the rules.
Both forms read the seat's view only: its own settlements and carriers, its own side of
the siege.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import define
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Select, SelectionList, Static

from tuicamp.engine.actions import Action
from tuicamp.engine.errors import DiceNeeded, InputError, RuleError
from tuicamp.model.forces import Category, Unit
from tuicamp.rules.rauscher import siege as S
from tuicamp.rules.rauscher.combat import AllocatedUnit
from tuicamp.rules.rauscher.economy import actions as E
from tuicamp.rules.rauscher.screens.data import rauscher_state
from tuicamp.rules.rauscher.screens.style import STYLESHEET
from tuicamp.rules.rauscher.shared.money import format_money
from tuicamp.rules.rauscher.view.records import SiegeNote
from tuicamp.ui.kit import CampaignControls, CampaignView, Field, what_if


# --- the purchase sheet ---------------------------------------------------------------------
@define(frozen=True)
class Kind:
    """One line of the Gold Purchase Table, and the fields its purchase needs."""

    id: str
    label: str
    fields: tuple[str, ...]
    where: str = ""  # "settlement", "supplies" (settlement or carrier) or "" (Resolution)


KINDS: tuple[Kind, ...] = (
    Kind(
        "unit",
        "Recruits: a unit",
        ("name", "points", "category", "movement", "leadership", "models"),
    ),
    Kind("allocation", "Recruits: points of a category", ("name", "points", "category")),
    Kind("baggage", "Baggage train (2c, +1c a food)", ("food",)),
    Kind("ship", "Ship", ()),
    Kind("supplies", "Supplies (1c each)", ("amount",), "supplies"),
    Kind("messenger", "Messenger", ("name",), "settlement"),
    Kind("siege", "Siege equipment", ("points",)),
)
BY_KIND = {k.id: k for k in KINDS}
LABELS = {
    "name": "Name",
    "points": "Points",
    "category": "Category",
    "movement": "M",
    "leadership": "Ld",
    "models": "Models",
    "food": "Food",
    "amount": "Amount",
}
DEFAULTS = {
    "points": "",
    "movement": "4",
    "leadership": "7",
    "models": "1",
    "food": "0",
    "amount": "1",
    "name": "",
}
CATEGORIES = [(c.value.replace("_", " "), c.value) for c in Category]
WHOLE = ("points", "movement", "leadership", "models", "food", "amount")


def purchase_action(kind: str, values: dict[str, str], player: str, where: str = "") -> Action:
    """The action a filled-in sheet asks for; ValueError names the field that is wrong.

    Only the shape is checked here (whole numbers, a name); what may be bought, where and
    for how much is the engine's to say."""
    spec = BY_KIND[kind]
    numbers: dict[str, int] = {}
    for name in spec.fields:
        if name not in WHOLE:
            continue
        text = values.get(name, "").strip()
        if not text.lstrip("-").isdigit():
            raise ValueError(f"{LABELS[name]} is a whole number")
        numbers[name] = int(text)
    name = values.get("name", "").strip()
    if kind in ("unit", "allocation"):
        if not name:
            raise ValueError("Give the recruits a name")
        extra = {k: numbers[k] for k in ("movement", "leadership", "models") if k in numbers}
        return E.BuyRecruits(
            name=name,
            points=numbers["points"],
            category=Category(values["category"]),
            allocation=kind == "allocation",
            player=player,
            **extra,
        )
    if kind == "baggage":
        return E.BuyBaggage(food=numbers["food"], player=player)
    if kind == "ship":
        return E.BuyShip(player=player)
    if kind == "siege":
        return E.BuySiegeEquipment(points=numbers["points"], player=player)
    if kind == "supplies":
        if not where:
            raise ValueError("Choose where the supplies go")
        place, _, ident = where.partition(":")
        target = {"settlement": ident} if place == "s" else {"baggage": ident}
        return E.BuySupplies(amount=numbers["amount"], player=player, **target)
    if not where:
        raise ValueError("Choose the settlement the messenger rides from")
    return E.BuyMessenger(settlement=where.partition(":")[2], name=name, player=player)


def supply_places(view: CampaignView, player: str) -> list[tuple[str, str]]:
    """Where supplies may be bought into: the player's settlements, and their baggage
    trains and ships standing in one of them."""
    own = [s for s in view.map.settlements if s.owner == player]
    out = [(f"s:{s.id}", f"{s.name} (stores {s.stores.get('food', 0)})") for s in own]
    state = rauscher_state(view)
    hexes = {s.hex for s in own}
    for army in state.armies if state else ():
        if army.owner == player and army.carrier and army.hex in hexes:
            load = army.cargo.food + army.cargo.gold
            out.append((f"c:{army.army}", f"{army.name} (carries {load})"))
    return out


def settlement_places(view: CampaignView, player: str) -> list[tuple[str, str]]:
    return [(f"s:{s.id}", s.name) for s in view.map.settlements if s.owner == player]


@define
class Quote:
    """What the engine would do with a purchase: its price and the purse after, or why not."""

    cost: int | None = None
    after: int | None = None
    problem: str = ""


def quote(controls: CampaignControls, action: Action, player: str) -> Quote:
    """Ask the engine on a copy: the cost is the treasury's drop, exactly as it would be."""
    before = controls.view.player(player)
    try:
        after = what_if(controls, action).player(player)
    except DiceNeeded:
        return Quote(problem="(dice are rolled when it is bought)")
    except (RuleError, InputError) as exc:
        return Quote(problem=str(exc))
    if before is None or after is None or before.treasury is None or after.treasury is None:
        return Quote(problem="(not your treasury)")
    return Quote(cost=before.treasury - after.treasury, after=after.treasury)


class PurchaseScreen(ModalScreen[Action | None]):
    """The Upkeep purchase sheet: what to buy, where, and its price before it is bought."""

    CSS_PATH = STYLESHEET
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="rauscher.buy.cancel"),
        Binding("ctrl+s", "submit", "Buy", id="rauscher.buy.submit"),
    ]

    def __init__(self, controls: CampaignControls, player: str, where: str = "") -> None:
        super().__init__()
        self.controls = controls
        self.view = controls.view
        self.player = player
        self.where_hint = where
        self.action: Action | None = None

    def compose(self) -> ComposeResult:
        buyer = self.view.player(self.player)
        name = buyer.name if buyer else self.player
        treasury = format_money(buyer.treasury or 0) if buyer else "?"
        with Vertical(classes="dialog", id="buy-dialog"):
            yield Static(Content(f"Buy for {name} (treasury {treasury})"), classes="dialog-title")
            yield Static(
                Content(
                    "Enter opens a list or buys from a field; ctrl+s buys, Esc "
                    "cancels. Bought troops appear in the Resolution phase."
                ),
                classes="hint",
            )
            with Grid(classes="form-grid", id="buy-grid"):
                yield Static("What", classes="buy-label")
                yield Select(
                    [(k.label, k.id) for k in KINDS],
                    value="baggage",
                    allow_blank=False,
                    compact=True,
                    id="buy-kind",
                )
                for key, label in LABELS.items():
                    yield Static(label, classes=f"buy-label buy-row-{key}")
                    if key == "category":
                        yield Select(
                            CATEGORIES,
                            value=Category.RANK_AND_FILE.value,
                            allow_blank=False,
                            compact=True,
                            id="buy-category",
                            classes=f"buy-row-{key}",
                        )
                    else:
                        yield Field(value=DEFAULTS[key], id=f"buy-{key}", classes=f"buy-row-{key}")
                yield Static("Where", classes="buy-label buy-row-where")
                yield Select(
                    [],
                    allow_blank=True,
                    compact=True,
                    id="buy-where",
                    classes="buy-row-where",
                    prompt="choose",
                )
            yield Static("", id="buy-cost")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Buy (ctrl+s)", variant="primary", id="buy-ok")
                yield Button("Cancel (Esc)", id="buy-cancel")

    def on_mount(self) -> None:
        self._arrange()
        self.query_one("#buy-kind", Select).focus()

    # --- reading the sheet ----------------------------------------------------------------
    @property
    def kind(self) -> str:
        return str(self.query_one("#buy-kind", Select).value)

    def values(self) -> dict[str, str]:
        out = {k: self.query_one(f"#buy-{k}", Field).value for k in LABELS if k != "category"}
        out["category"] = str(self.query_one("#buy-category", Select).value)
        return out

    def where(self) -> str:
        value = self.query_one("#buy-where", Select).value
        return "" if value is Select.NULL else str(value)

    def _arrange(self) -> None:
        """Show the rows this kind needs, and the places it may go."""
        spec = BY_KIND[self.kind]
        for key in LABELS:
            for widget in self.query(f".buy-row-{key}"):
                widget.display = key in spec.fields
        places = (
            supply_places(self.view, self.player)
            if spec.where == "supplies"
            else settlement_places(self.view, self.player)
            if spec.where == "settlement"
            else []
        )
        where = self.query_one("#buy-where", Select)
        where.set_options([(label, value) for value, label in places])
        hint = next((v for v, _ in places if v.endswith(f":{self.where_hint}")), None)
        if hint is not None:
            where.value = hint
        elif places:
            where.value = places[0][0]
        for widget in self.query(".buy-row-where"):
            widget.display = bool(spec.where)
        self._price()

    def _price(self) -> None:
        out = self.query_one("#buy-cost", Static)
        self.action = None
        try:
            action = purchase_action(self.kind, self.values(), self.player, self.where())
        except ValueError as exc:
            out.update(Content(str(exc)))
            out.set_class(True, "error")
            return
        q = quote(self.controls, action, self.player)
        if q.cost is None:
            out.update(Content(f"Refused: {q.problem}" if q.problem else ""))
            out.set_class(True, "error")
            return
        self.action = action
        out.set_class(False, "error")
        out.update(Content(f"Cost {format_money(q.cost)}: treasury then {format_money(q.after)}"))

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        if event.select.id == "buy-kind":
            self._arrange()
        else:
            self._price()

    def on_input_changed(self, event: Field.Changed) -> None:
        event.stop()
        self._price()

    def on_input_submitted(self, event: Field.Submitted) -> None:
        event.stop()
        self.action_submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "buy-ok":
            self.action_submit()
        else:
            self.action_cancel()

    def action_submit(self) -> None:
        self._price()
        if self.action is not None:
            self.dismiss(self.action)

    def action_cancel(self) -> None:
        self.dismiss(None)


# --- sealed siege orders ------------------------------------------------------------------
ORDER_HELP = {
    "attack": "fight a regular tabletop battle",
    "bombard": 'war machines and archers (10+, range 24") shoot',
    "mine": "dig under the walls (d6 + turns mining, 8+)",
    "nothing": "wait (unless the defender sallies)",
    "sally": "the garrison's units fight outside the walls",
}


def siege_role(siege: SiegeNote, player: str) -> str:
    return "besieger" if player == siege.besieger else "defender"


class SiegeOrdersScreen(ModalScreen[Action | None]):
    """This turn's sealed order for one side of a siege (R-RA-11): only its writer sees it
    until both sides have written theirs; then both are revealed and carried out."""

    CSS_PATH = STYLESHEET
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="rauscher.siege.cancel"),
        Binding("ctrl+s", "submit", "Seal", id="rauscher.siege.submit"),
    ]
    MACHINES_SHOWN = 4

    def __init__(self, siege: SiegeNote, player: str, targets: list[str]) -> None:
        """``targets`` are what a war machine may aim at (the bombardment table's)."""
        super().__init__()
        self.siege = siege
        self.player = player
        self.role = siege_role(siege, player)
        self.units: list[Unit] = list(siege.units.get(self.role, ()))
        self.machines = [u for u in self.units if u.category is Category.WAR_MACHINE]
        self.targets = targets

    def compose(self) -> ComposeResult:
        name = self.siege.name
        orders = S.BESIEGER_ORDERS if self.role == "besieger" else S.DEFENDER_ORDERS
        with Vertical(classes="dialog", id="siege-dialog"):
            yield Static(Content(f"Sealed orders: {name} ({self.role})"), classes="dialog-title")
            yield Static(
                Content(
                    "Only you read them until both sides have written. "
                    "Enter opens a list; ctrl+s seals, Esc cancels."
                ),
                classes="hint",
            )
            yield Select(
                [(f"{o}: {ORDER_HELP[o]}", o) for o in orders],
                value=orders[0],
                allow_blank=False,
                compact=True,
                id="siege-order",
            )
            with Vertical(id="siege-targets"):
                for unit in self.machines[: self.MACHINES_SHOWN]:
                    with Horizontal(classes="siege-row"):
                        yield Static(Content(unit.name), classes="siege-unit")
                        yield Select(
                            [(t, t) for t in self.targets],
                            value=self.targets[0],
                            allow_blank=False,
                            compact=True,
                            id=f"siege-target-{unit.id}",
                            classes="siege-target",
                        )
            yield Select(
                [(u.name, u.id) for u in self.units],
                allow_blank=True,
                compact=True,
                id="siege-miners",
                prompt="the unit that digs",
            )
            yield SelectionList[str](
                *((Content(u.name), u.id) for u in self.units), id="siege-sally"
            )
            yield Static("", id="siege-error", classes="error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Seal (ctrl+s)", variant="primary", id="siege-ok")
                yield Button("Cancel (Esc)", id="siege-cancel")

    def on_mount(self) -> None:
        self._arrange()
        self.query_one("#siege-order", Select).focus()

    @property
    def order(self) -> str:
        return str(self.query_one("#siege-order", Select).value)

    def _arrange(self) -> None:
        order = self.order
        self.query_one("#siege-targets").display = order == "bombard" and bool(self.machines)
        self.query_one("#siege-miners").display = order == "mine"
        self.query_one("#siege-sally").display = order == "sally"

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        if event.select.id == "siege-order":
            self._arrange()

    def build(self) -> Action:
        order = self.order
        targets: dict[str, str] = {}
        miners = ""
        units: list[str] = []
        if order == "bombard":
            for unit in self.machines[: self.MACHINES_SHOWN]:
                targets[unit.id] = str(self.query_one(f"#siege-target-{unit.id}", Select).value)
        if order == "mine":
            value = self.query_one("#siege-miners", Select).value
            miners = "" if value is Select.NULL else str(value)
        if order == "sally":
            units = list(self.query_one("#siege-sally", SelectionList).selected)
        return S.WriteSiegeOrders(
            siege=self.siege.id,
            order=order,
            player=self.player,
            targets=targets,
            miners=miners,
            units=units,
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "siege-ok":
            self.action_submit()
        else:
            self.action_cancel()

    def action_submit(self) -> None:
        self.dismiss(self.build())

    def action_cancel(self) -> None:
        self.dismiss(None)


# --- small helpers for the commands ---------------------------------------------------------
def parse_units(text: str) -> list[Any]:
    """'Knights Panther, 226, rank_and_file, 7, 8, 8; Spearmen, 125' into the units that
    fill an allocation (name and points, then category, M, Ld, models when given)."""
    out = []
    for chunk in filter(None, (c.strip() for c in text.split(";"))):
        parts = [p.strip() for p in chunk.split(",")]
        if len(parts) < 2 or not parts[1].isdigit():
            raise ValueError(f"{chunk!r}: write a name and its points, e.g. Spearmen, 125")
        fields: dict[str, Any] = {"name": parts[0], "points": int(parts[1])}
        if len(parts) > 2 and parts[2]:
            try:
                fields["category"] = Category(parts[2].replace(" ", "_"))
            except ValueError:
                raise ValueError(f"{parts[2]!r} is not a category") from None
        for key, raw in zip(("movement", "leadership", "models"), parts[3:], strict=False):
            if not raw.isdigit():
                raise ValueError(f"{chunk!r}: {key} is a whole number")
            fields[key] = int(raw)
        out.append(AllocatedUnit(**fields))
    if not out:
        raise ValueError("Enter at least one unit")
    return out


def problem_of(parse: Callable[[str], Any]) -> Callable[[str], str | None]:
    """A TextPromptScreen validator from a parser that raises ValueError."""

    def check(text: str) -> str | None:
        try:
            parse(text)
        except ValueError as exc:
            return str(exc)
        return None

    return check
