public enum EngineInfo { public static let name = "RunLoopEngine" }
