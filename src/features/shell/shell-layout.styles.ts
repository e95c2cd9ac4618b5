import styled from 'styled-components';

export const Root = styled.div`
  display: grid;
  grid-template:
    'top top' auto
    'nav main' 1fr
    / auto 1fr;
  height: 100%;
`;

export const Main = styled.main`
  grid-area: main;
  min-width: 0;
  overflow: auto;
`;
