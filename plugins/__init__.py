"""The bundled variant plugins, installed as the package ``beanframe_plugins`` (pyproject's
package-dir): one import name only, since a second copy (``plugins.al_cabohne`` from a checkout's
root) would have its own action classes, which the first copy's bots never recognize."""

if __name__ != "beanframe_plugins":
    raise ImportError(f"import the bundled plugins as beanframe_plugins (e.g. beanframe_plugins.al_cabohne), not as {__name__}")
