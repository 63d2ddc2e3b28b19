import ExplorerCore
import CNcurses
import DemoAPI
import ArgumentParser
public enum Placeholder {}
