print("rulegen")
