"""What the text says a name is, in words, is the text's declaration of it; a convention never overrides it.

Each row's truth was worked out by hand. ln e = 1 and e² > 7 hold of Euler's number only: where the text says e
is the number of epochs, an error or an embedding dimension, or quantifies over experts e, e is its own name and
such rows hold whatever it is nowhere (unknown, never proven). cos(πd) = 1 holds exactly for even integers d and
cos(πd) = -1, (-1)^d = -1 exactly for odd ones; |t| = -t holds exactly for t ≤ 0 and √(t²) = t exactly for t ≥ 0;
(1 + i)² = 2i holds of the imaginary unit (1 + 2i - 1) and fails at i = -1 (0 ≠ -2); ln of an odd integer is
never 1 (ln 1 = 0, ln 3 > 1). Words in a condition ("If $d$ is odd") or a quantifier only allow the property
(the convention that contradicts it is dropped); negated words ("is not odd", "need not be even") declare nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .document_links import report_of

P, R, U, D = "proven", "refuted", "unknown", "definition"


def _verdicts(tmp_path: Path, text: str) -> tuple[list[tuple[int, str]], list[str]]:
    report = report_of(tmp_path, text)
    links = [(link.line, link.status) for display in report.displays for link in display.links]
    return links, [c.text for d in report.displays for c in d.conventions]


_OWN_E = "read no convention for e: the text says what e is (line 1: '{}'), so e is the text's own name"


@pytest.mark.parametrize(("text", "links", "said"), [
    # e is the text's own name: no row with it is proven as of Euler's number
    ("Let $e$ denote the number of training epochs.\n\n$$ \\ln e = 1 $$\n", [(3, U)],
     _OWN_E.format("Let $e$ denote the number of training epochs")),
    ("The loss is the squared error $e^2$, where $e$ is the prediction error of one token.\n\n$$ e^2 > 7 $$\n",
     [(3, U)], _OWN_E.format("The loss is the squared error $e^2$, where $e$ is the prediction error of one token")),
    ("We write $e$ for the embedding dimension.\n\nSome text here.\n\n$$ \\ln(e) = 1 $$\n", [(5, U)],
     _OWN_E.format("We write $e$ for the embedding dimension")),
    ("For each expert $e$ the gate is $g_e$, and the load is\n\n$$ \\ln e = 1 $$\n", [(3, U)],
     _OWN_E.format("For each expert $e$ the gate is")),
    ("We use $e$ to denote the error.\n\n$$ \\ln e = 1 $$\n", [(3, U)], _OWN_E.format("We use $e$ to denote the error")),
    ("这里 $e$ 是训练轮数。\n\n$$ \\ln e = 1 $$\n", [(3, U)], _OWN_E.format("这里 $e$ 是训练轮数")),
    # ... with the facts the words give it: an odd positive integer is never Euler's number
    ("Let $e$ be an odd positive integer.\n\n$$ (-1)^e = -1 $$\n\n$$ \\ln e = 1 $$\n", [(3, P), (5, R)],
     "read e as an odd positive integer, the text's own name (line 1: 'Let $e$ be an odd positive integer')"),
    # near misses: words that name Euler's number keep it, and so does a text that says nothing of e
    ("Here $e$ is Euler's number.\n\n$$ \\ln e = 1 $$\n", [(3, P)], "read e as Euler's number"),
    ("Here $e$ is the base of the natural logarithm.\n\n$$ \\ln e = 1 $$\n", [(3, P)], "read e as Euler's number"),
    ("其中 $e$ 为自然常数。\n\n$$ \\ln e = 1 $$\n", [(3, P)], "read e as Euler's number"),
    ("$$ \\ln e = 1 $$\n\nThe error $e^2$ is small.\n", [(1, P)], "read e as Euler's number"),
])
def test_what_the_text_says_e_is(tmp_path: Path, text: str, links: list[tuple[int, str]], said: str) -> None:
    found, conventions = _verdicts(tmp_path, text)
    assert found == links
    assert any(c.startswith(said) for c in conventions), conventions


@pytest.mark.parametrize(("text", "links", "said"), [
    # a parity or a sign in a sentence that binds the name: applied, and said once with its line
    ("Suppose $d$ is an odd number of channels.\n\n$$ \\cos(\\pi d) = 1 $$\n", [(3, R)],
     "read d as an odd positive integer (the text says so on line 1: 'Suppose $d$ is an odd number of channels')"),
    ("Let the width $d$ be odd.\n\n$$ (-1)^d = -1 $$\n", [(3, P)],
     "read d as an odd positive integer (the text says so on line 1: 'Let the width $d$ be odd')"),
    ("Take an odd $d$.\n\n$$ \\cos(\\pi d) = -1 $$\n", [(3, P)],
     "read d as an odd positive integer (the text says so on line 1: 'Take an odd $d$')"),
    ("Let $d = 2m + 1$ for an integer $m$.\n\n$$ \\cos(\\pi d) = -1 $$\n", [(3, P)],
     "read m as an integer (the text says so on line 1: 'Let $d = 2m + 1$ for an integer $m$')"),
    ("Let $t$ be a negative position.\n\n$$ |t| = -t $$\n\n$$ \\sqrt{t^2} = t $$\n", [(3, P), (5, R)],
     "read t as a negative real (the text says so on line 1: 'Let $t$ be a negative position')"),
    ("Positions $t$ are nonnegative in this chapter.\n\n$$ \\sqrt{t^2} = t $$\n", [(3, P)],
     "read t as a nonnegative real (the text says so on line 1: 'Positions $t$ are nonnegative in this chapter')"),
    ("Let $i$ be a positive integer.\n\n$$ i^2 \\ge 1 $$\n", [(3, P)],
     "read i as a positive integer, the text's own name (line 1: 'Let $i$ be a positive integer')"),
    # a condition or a quantifier allows the property: the convention that contradicts it is dropped, nothing added
    ("If $d$ is odd, we pad the input.\n\n$$ \\cos(\\pi d) = 1 $$\n", [(3, R)],
     "read d as a positive integer: the text says it may be odd (line 1: 'If $d$ is odd')"),
    ("We pad the input when $d$ is odd.\n\n$$ \\sin(\\pi d)^2 = 0 $$\n", [(3, P)],
     "read d as a positive integer: the text says it may be odd"),
    # ... and so does a goal: what the text sets out to show is no premise
    ("We show that $t$ is positive:\n\n$$ |t| = t $$\n", [(3, R)], "read t as a real position"),
    # negated words declare nothing: "not odd" leaves the even width; "need not be even" drops the convention's parity
    ("$d$ is not odd.\n\n$$ \\cos(\\pi d) = 1 $$\n", [(3, P)], "read d as the width, a positive even integer"),
    ("The width $d$ need not be even.\n\n$$ \\cos(\\pi d) = 1 $$\n", [(3, R)],
     "read d as a positive integer: the text says it may be otherwise (line 1: 'The width $d$ need not be even')"),
    ("Here $t$ need not be positive.\n\n$$ \\sqrt{t^2} = t $$\n", [(3, R)], "read t as a real position"),
    # near miss: words about another name, or no words, leave the convention
    ("Suppose $m$ is odd.\n\n$$ \\cos(\\pi d) = 1 $$\n", [(3, P)], "read d as the width, a positive even integer"),
    ("Here $d$ is the width, which must be odd.\n\n$$ \\cos(\\pi d) = 1 $$\n", [(3, R)],
     "read d as an odd positive integer (the text says so on line 1: 'Here $d$ is the width, which must be odd')"),
    # ... and words after "and" about another thing ("positive weights") or before it are not the name's
    ("Let $t$ be the position and positive weights follow.\n\n$$ |t| = t $$\n", [(3, R)], "read t as a real position"),
    ("Let the positive weights and $t$ be given.\n\n$$ |t| = t $$\n", [(3, R)], "read t as a real position"),
])
def test_words_that_give_a_name_a_parity_or_a_sign(tmp_path: Path, text: str, links: list[tuple[int, str]],
                                                  said: str) -> None:
    found, conventions = _verdicts(tmp_path, text)
    assert found == links
    assert any(c.startswith(said) for c in conventions), conventions


def test_words_that_contradict_each_other_leave_the_name_free(tmp_path: Path) -> None:
    found, conventions = _verdicts(tmp_path, "Let $t$ be positive. Later let $t$ be negative.\n\n$$ |t| = t $$\n")
    assert found == [(3, U)]
    assert conventions == []


@pytest.mark.parametrize(("text", "links", "said"), [
    # "below $i$ denotes the imaginary unit": from that line on, i is the imaginary unit, though the text indexes with it
    ("Here $x_i$ is the $i$-th entry, and below $i$ denotes the imaginary unit:\n\n$$ (1 + i)^2 = 2i $$\n",
     [(3, P)], "read i as the imaginary unit from line 1 on: the text says so ('Here $x_i$ is the $i$-th entry, "
               "and below $i$ denotes the imaginary unit')"),
    # near miss: before that line, i is the text's index
    ("$$ x_i = i^2 $$\n\n$$ i^2 \\ge 0 $$\n\nBelow $i$ denotes the imaginary unit.\n\n$$ i^2 = -1 $$\n",
     [(1, D), (3, P), (7, P)], "read i as an integer index (the text indexes with it)"),
])
def test_i_is_the_imaginary_unit_where_the_text_says_so(tmp_path: Path, text: str, links: list[tuple[int, str]],
                                                        said: str) -> None:
    found, conventions = _verdicts(tmp_path, text)
    assert found == links
    assert any(c.startswith(said) for c in conventions), conventions


@pytest.mark.parametrize(("text", "links"), [
    # a fact word that is not said of the name: an adjective of another noun, a count, a multiple, a disjunction, a
    # condition in the words, a subject of which the verb says "one of" (red team 2: each was proven)
    ("Let $t$ be the negative log-likelihood of the batch.\n\n$$ |t| = -t $$\n", [(3, R)]),
    ("Let $n$ be the number of odd channels.\n\n$$ (-1)^n = -1 $$\n", [(3, R)]),
    ("Let $d$ be twice an odd number.\n\n$$ (-1)^d = -1 $$\n", [(3, R)]),
    ("Let $m$ be an integer multiple of $\\frac{1}{2}$.\n\n$$ \\cos(2\\pi m) = 1 $$\n", [(3, R)]),
    ("Let $t$ be positive or zero.\n\n$$ |t| > 0 $$\n", [(3, R)]),
    ("At most one of $s$ and $t$ is negative; let $t$ be the negative one if there is one.\n\n$$ |t| = -t $$\n",
     [(3, R)]),
    # "for negative $t$" after any word is a clause of what it leads into, never a declaration of t
    ("Not only for negative $t$ but for every real $t$,\n\n$$ |t| = -t $$\n", [(3, U)]),
    ("Also for negative $t$ the magnitude is nonnegative:\n\n$$ |t| \\ge 0 $$\n\nIn general, for every real $t$,"
     "\n\n$$ \\sqrt{t^2} = -t $$\n", [(3, P), (7, U)]),
    ("Note that for negative $t$ the magnitude flips the sign:\n\n$$ |t| = -t $$\n\nFor a general real $t$ the "
     "square root of the square is\n\n$$ \\sqrt{t^2} = -t $$\n", [(3, U), (7, R)]),
    # near misses: the fact words said of the name still declare it
    ("Let $d$ be odd and positive.\n\n$$ (-1)^d = -1 $$\n", [(3, P)]),
    ("Let $i$ be the pair index, a positive integer.\n\n$$ i^2 \\ge 1 $$\n", [(3, P)]),
    ("Let $s$ and $t$ be negative.\n\n$$ |t| = -t $$\n", [(3, P)]),
])
def test_fact_words_declare_only_what_they_say_of_the_name(tmp_path: Path, text: str,
                                                           links: list[tuple[int, str]]) -> None:
    assert _verdicts(tmp_path, text)[0] == links


@pytest.mark.parametrize(("text", "links"), [
    # negated or contrasted words never read as the affirmative: i, e are the text's own names there
    ("Below, $i$ does not denote the imaginary unit; it counts the pairs.\n\n$$ i^2 + 1 = 0 $$\n", [(3, U)]),
    ("Unlike physics texts, where $i$ is the imaginary unit, here $i$ is the pair index.\n\n$$ i^2 = -1 $$\n",
     [(3, U)]),
    ("Here $e$ is not Euler's number but the number of epochs.\n\n$$ \\ln e = 1 $$\n", [(3, U)]),
    # "Let $i$ be a positive integer": i is no imaginary unit, whatever complex form a row writes
    ("Let $i$ be a positive integer.\n\n$$ (\\cos t + i \\sin t)^2 = \\cos 2t + i \\sin 2t $$\n", [(3, R)]),
    ("Let $i$ be a positive integer.\n\n$$ e^{i t} = \\cos t + i \\sin t $$\n", []),  # refused: not read
    ("## A\n\n$$ \\omega_i = 10000^{-2i/d} $$\n\n## B\n\nLet $i$ be the pair index, a positive integer.\n\n"
     "$$ (\\cos t + i\\sin t)^2 = \\cos 2t + i \\sin 2t $$\n", [(3, D), (9, R)]),
    # "let $i$ denote $\\sqrt{-1}$" is the imaginary unit from there on, though the text indexed with i before
    ("The entries are $x_i$ for $i = 1, \\ldots, n$.\n\nFrom here on let $i$ denote $\\sqrt{-1}$.\n\n"
     "$$ (1 - i)^2 = -2i $$\n", [(5, P)]),
    ("Let $i$ denote $\\sqrt{-1}$ from here on, although $x_i$ above was an entry.\n\n$$ i^4 = 1 $$\n\n"
     "$$ (1 - i)^2 = -2i $$\n", [(3, P), (5, P)]),
])
def test_what_the_words_say_of_i_and_e(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _verdicts(tmp_path, text)[0] == links


@pytest.mark.parametrize(("text", "links"), [
    # words hold until a later sentence says the name is any number, or, said "in this section", the next heading
    ("In the first example let $t$ be negative, so that\n\n$$ |t| = -t $$\n\nIn the second example $t$ is any real "
     "number, and again\n\n$$ |t| = -t $$\n", [(3, P), (7, R)]),
    ("## Example 1\n\nLet $t$ be negative. Then $$ |t| = -t $$\n\n## Example 2\n\nNow $t$ is an arbitrary real "
     "number.\n\n$$ |t| = -t $$\n", [(3, P), (9, R)]),
    ("In this section $i$ denotes the imaginary unit.\n\n$$ (1 + i)^2 = 2i $$\n\n## Frequencies\n\n"
     "$$ \\theta_i = 10000^{-2i/d} $$\n\n$$ i^2 = -1 $$\n", [(3, P), (7, D), (9, R)]),
    # near miss: without such words the declaration holds on
    ("Let $t$ be negative.\n\n$$ |t| = -t $$\n\nAgain\n\n$$ |t| = -t $$\n", [(3, P), (7, P)]),
])
def test_words_hold_until_the_text_says_otherwise(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _verdicts(tmp_path, text)[0] == links
