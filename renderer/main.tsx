import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/app.tsx';
import './styles/app.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
