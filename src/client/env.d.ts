// Side-effect style imports the bundler handles.
declare module '*.css'
