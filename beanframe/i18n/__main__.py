"""``python -m beanframe.i18n update|compile|check|sizes``: see :mod:`beanframe.i18n.catalogs`."""

import sys

from beanframe.i18n.catalogs import main

sys.exit(main())
