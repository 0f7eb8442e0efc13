package restored
