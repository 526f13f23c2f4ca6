import KataCLI; print("kata")
