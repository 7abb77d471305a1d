from specgap.entry import main

main()
