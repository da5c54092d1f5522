"""The pure rules core: no pygame, no pymunk. Everything here is plain data and arithmetic,
so that the rulesets, the AI search and the tests run without a screen or a physics engine."""
