timeline @TESTS@/timeline/date-rule.xml --until 1d --all --time '2024-06-01 17:00:00'
