enum DevSupportPlaceholder {}
