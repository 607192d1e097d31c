where @TESTS@/transition/unfence-cloned-group-member-reason.xml cgr
