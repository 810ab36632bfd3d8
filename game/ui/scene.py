"""The scene stack: each scene handles events, advances in update, and only draws in draw."""

from __future__ import annotations

import pygame

from game import i18n


class Scene:
    """A screen of the game. ``draw`` must not change anything."""

    manager: SceneManager

    def handle_event(self, e: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def resize(self, size: tuple[int, int]) -> None:
        pass

    def close(self) -> None:
        """Release what the scene holds (worker processes, GUI elements)."""

    def cover(self, covered: bool) -> None:
        """Another scene was pushed over this one (True) or popped off it (False).
        pygame_gui draws every live widget above all scenes, so a scene with widgets
        hides them here while it is covered."""


class SceneManager:
    """A stack of scenes; the top one gets the input, all visible ones are drawn."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.stack: list[Scene] = []
        self.quit = False
        self.language = i18n.language()

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        scene.manager = self
        if self.stack:
            self.stack[-1].cover(True)
        self.stack.append(scene)

    def pop(self) -> Scene:
        scene = self.stack.pop()
        scene.close()
        if self.stack:
            self.stack[-1].cover(False)
        return scene

    def replace(self, scene: Scene) -> None:
        """Clear the stack and show ``scene``."""
        while self.stack:
            self.pop()
        self.push(scene)

    def handle_event(self, e: pygame.event.Event) -> None:
        if self.top is not None:
            self.top.handle_event(e)

    def update(self, dt: float) -> None:
        if i18n.language() != self.language:  # switched: rebuild the widgets in its words
            self.language = i18n.language()
            self.resize(self.size)
        if self.top is not None:
            self.top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.stack:
            scene.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        for scene in self.stack:
            scene.resize(size)

    def close(self) -> None:
        while self.stack:
            self.pop()
