"""How each format draws its rounds: one module (or package) per way of seating."""
