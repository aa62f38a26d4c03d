# Tanteador starts here. Its code comes compiled in the package
# (tanteador/start.py): this file is compiled from source at every reset.
from tanteador.start import main

main()
