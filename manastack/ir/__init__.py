"""The typed IR of compiled Oracle text (DESIGN layer 2): what the compiler produces and
the engine executes. Every node is a small frozen dataclass with one meaning:

* ``refs`` -- players, objects, object filters and target specs (CR 102, 109, 115);
* ``quantity`` -- numbers, X, counts and characteristics (CR 107);
* ``conditions`` -- durations and conditions (CR 603.4, 611.2);
* ``effects`` -- instructions, one node per verb (CR 608.2c, 701);
* ``render`` -- each node as plain English close to rules text.
"""
