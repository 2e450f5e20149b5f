"""The 31 sigils of the rulebook (Sigils Detail), as bit flags so a card's sigils are one int."""

from __future__ import annotations

# (name, one-line rule text from the rulebook)
SIGILS: tuple[tuple[str, str], ...] = (
    ("Airborne", "Ignores opposing cards and strikes the adversary directly."),
    ("Mighty Leap", "Blocks opposing Airborne creatures."),
    ("Fledgling", "After surviving for 1 turn, grows into a stronger form."),
    ("Touch of Death", "Instantly kills any card it damages."),
    ("Many Lives", "When sacrificed, it does not perish."),
    ("Stinky", "The creature opposing this card loses 1 damage."),
    ("Sprinter", "At the end of the owner's turn, moves right; turns back at the edge."),
    ("Hefty", "Like Sprinter, but pushes the other cards along."),
    ("Corpse Eater", "When a card you own dies by combat, may be played free on its space."),
    ("Waterborne", "On the adversary's turn, attacks on its space hit the owner directly."),
    ("Worthy Sacrifice", "Counts as 3 Blood when sacrificed."),
    ("Bone King", "When it dies, 4 Bones are awarded instead of 1."),
    ("Leader", "Adjacent creatures on the owner's side gain 1 damage."),
    ("Unkillable", "When it perishes, it returns to your hand."),
    ("Fecundity", "When played, a copy without this sigil enters your hand."),
    ("Trifurcated Strike", "Strikes the opposing spaces left, right and opposite."),
    ("Sharp Quills", "Each time it is struck, the striker is dealt 1 damage."),
    ("Burrower", "Moves to any empty space attacked by an enemy, to block it."),
    ("Guardian", "When an opposing card is played opposite an empty space, moves there."),
    ("Loose Tail", "The first time it would be struck, leaves a tail and moves aside."),
    ("Ant Damage", "Damage equals the number of ants its owner has in play."),
    ("Ant Spawner", "When played, an Ant enters your hand."),
    ("Rabbit Hole", "When played, a Rabbit enters your hand."),
    ("Bees Within", "Each time it is struck, a Bee enters your hand."),
    ("Hoarder", "When played, choose a card of your deck for your hand; shown to the adversary."),
    ("Trinket Bearer", "When played, you receive an item."),
    ("Bellist", "When played, Chimes are created on adjacent empty spaces."),
    ("Dam Builder", "When played, Dams are created on adjacent empty spaces."),
    ("Ringer", "Damage 4 in the space nearest the bell down to 1 in the furthest."),
    ("Handy", "Damage equals the number of cards in the owner's hand."),
    ("Rorrim", "Damage equals the power of the opposing card, 0 if none."),
)

BIT: dict[str, int] = {name: 1 << i for i, (name, _) in enumerate(SIGILS)}
RULE: dict[str, str] = dict(SIGILS)

AIRBORNE = BIT["Airborne"]
MIGHTY_LEAP = BIT["Mighty Leap"]
FLEDGLING = BIT["Fledgling"]
TOUCH_OF_DEATH = BIT["Touch of Death"]
MANY_LIVES = BIT["Many Lives"]
STINKY = BIT["Stinky"]
SPRINTER = BIT["Sprinter"]
HEFTY = BIT["Hefty"]
CORPSE_EATER = BIT["Corpse Eater"]
WATERBORNE = BIT["Waterborne"]
WORTHY_SACRIFICE = BIT["Worthy Sacrifice"]
BONE_KING = BIT["Bone King"]
LEADER = BIT["Leader"]
UNKILLABLE = BIT["Unkillable"]
FECUNDITY = BIT["Fecundity"]
TRIFURCATED = BIT["Trifurcated Strike"]
SHARP_QUILLS = BIT["Sharp Quills"]
BURROWER = BIT["Burrower"]
GUARDIAN = BIT["Guardian"]
LOOSE_TAIL = BIT["Loose Tail"]
ANT_DAMAGE = BIT["Ant Damage"]
ANT_SPAWNER = BIT["Ant Spawner"]
RABBIT_HOLE = BIT["Rabbit Hole"]
BEES_WITHIN = BIT["Bees Within"]
HOARDER = BIT["Hoarder"]
TRINKET_BEARER = BIT["Trinket Bearer"]
BELLIST = BIT["Bellist"]
DAM_BUILDER = BIT["Dam Builder"]
RINGER = BIT["Ringer"]
HANDY = BIT["Handy"]
RORRIM = BIT["Rorrim"]

#: Sigils that set the card's power instead of the printed number.
VARIABLE_POWER = ANT_DAMAGE | RINGER | HANDY | RORRIM
#: Sigils that act when the card is played from the hand.
ON_PLAY = FECUNDITY | ANT_SPAWNER | RABBIT_HOLE | HOARDER | TRINKET_BEARER | BELLIST | DAM_BUILDER


def names(mask: int) -> list[str]:
    """The sigil names in a mask, in the rulebook's order."""
    return [name for name, _ in SIGILS if mask & BIT[name]]


def mask_of(sigil_names: list[str] | tuple[str, ...]) -> int:
    out = 0
    for n in sigil_names:
        out |= BIT[n]
    return out
