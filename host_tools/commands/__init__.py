"""One module per `tanteador` subcommand, each with its ``main``: sim, screens, flash, pull, names, web, bench, and the event package."""
