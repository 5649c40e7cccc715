let s = #"unterminated
@objc func x() { #selector(y