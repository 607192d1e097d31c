timeline @TESTS@/timeline/date-spec.xml
