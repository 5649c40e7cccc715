class A {
  func f() { _ = #selector(
    tap(_:)
  ) }
  @objc func tap(_ x: Int) {}
}
