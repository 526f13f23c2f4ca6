import Testing
#if Solutions
import Solutions
#else
import Exercises
#endif
@Test func probe() { print("WHICH=\(which)") }
