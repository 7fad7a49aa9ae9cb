enum RulesPlaceholder {}
