timeline @TESTS@/timeline/date-spec.xml --until 1d --json
