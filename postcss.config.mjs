// Tailwind CSS 4 runs as a PostCSS plugin; it finds the class names in the sources by itself.
const config = {
  plugins: {
    "@tailwindcss/postcss": {},
  },
};

export default config;
