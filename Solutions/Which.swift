#if Solutions
public let which = "solutions"
#else
public let which = "solutions-no-trait"
#endif
