/* open /* nested */ @objc
class B { @objc(a:b:) func a(_ x: Int, b: Int) {} }
#selector(B.a(_:b:))