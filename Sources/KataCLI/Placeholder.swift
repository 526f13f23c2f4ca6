public enum CLIX {}
