@TESTS@/cases/rule-boolean.xml --exec 'rule disable loc-or-rule; scores rsc-or; rule disable loc-nested-rule; save -; undo; undo; scores rsc-or'
