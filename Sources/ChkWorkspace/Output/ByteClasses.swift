extension UInt8 {
  /// Whether the byte is `0`-`9`.
  package var isASCIIDigit: Bool { self &- UInt8(ascii: "0") < 10 }

  /// Whether the byte is `A`-`Z` or `a`-`z`.
  package var isASCIILetter: Bool { (self | 0x20) &- UInt8(ascii: "a") < 26 }
}
