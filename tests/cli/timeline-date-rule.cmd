timeline @TESTS@/timeline/date-rule.xml
