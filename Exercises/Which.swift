#if Solutions
public let which = "exercises-with-trait"
#else
public let which = "exercises"
#endif
