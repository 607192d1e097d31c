scores @TESTS@/cases/rule-date-expression.xml --time '2024-03-15 12:00:00'
