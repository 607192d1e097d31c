scores @TESTS@/cases/failure-timeout-units.xml --time '2024-06-01 12:00:00Z'
