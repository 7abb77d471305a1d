from specgap.cli import main

main()
