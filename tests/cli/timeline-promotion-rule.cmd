timeline @TESTS@/timeline/promotion-rule.xml
