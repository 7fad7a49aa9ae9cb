print("seamlint-dev: no command yet")
