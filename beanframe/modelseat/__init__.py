"""A seat played by a language model (issue 26): the seat in words and moves in one line.

:mod:`~beanframe.modelseat.seat` holds what every door shares: a :class:`Seat` (a local game
against bots, :class:`~beanframe.modelseat.seat.LocalSeat`, or a seat of a table server,
:class:`~beanframe.modelseat.table.TableSeat`) and the texts a model is sent, built only from
the seat's own answers to ``board``, ``why``, ``rules`` and ``log`` (:mod:`beanframe.text.commands`,
the functions the table server answers with). :mod:`~beanframe.modelseat.mcp` serves a seat to a
model over the Model Context Protocol (``beanframe mcp``); :mod:`~beanframe.modelseat.agent`
plays one through an OpenAI-compatible chat endpoint (``beanframe agent``)."""
