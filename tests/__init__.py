"""The test suite: a package, so every test module imports its helpers one way, as
``tests.<topic>.<module>`` or relatively, under ``pytest`` and ``python -m pytest`` alike."""
