import TUI
print("hi")
