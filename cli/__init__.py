"""beanframe's command line (typer)."""
